/**
 * The architecture's boundaries, checked in `npm test` (`npm run lint:boundaries`). Each rule's comment is the
 * message a violation prints: it says what to do instead. See STYLE.md for why the boundaries are where they are.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-imports-other-feature',
      severity: 'error',
      comment:
        'A web feature (apps/web/src/features/X) must not import another feature (features never import each ' +
        'other, as in bulletproof-react). Move what both need to apps/web/src/components or apps/web/src/lib, or ' +
        'compose the two features in apps/web/src/app (router, layout).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-imports-feature',
      severity: 'error',
      comment:
        'Shared web code (apps/web/src/lib, apps/web/src/components) must not import a feature: shared code is ' +
        'used by features, never the other way round. Move the piece into lib/components or pass it in as a prop.',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'server-area-imports-app',
      severity: 'error',
      comment:
        'A server area (apps/server/src/areas/X) must not import apps/server/src/app.ts: app.ts builds the areas ' +
        'and hands them what they need (their dependencies), so an area that imports it makes a cycle. Take the ' +
        'dependency as a parameter of the area instead.',
      from: { path: '^apps/server/src/areas/' },
      to: { path: '^apps/server/src/app\\.ts$' },
    },
    {
      name: 'server-plugin-reaches-into-area',
      severity: 'error',
      comment:
        "A server plugin (apps/server/src/plugins) must not reach into an area's internals (its service, " +
        'repository, tokens, routes): it may import types only (import type). What it needs to run, app.ts ' +
        "hands it as a function (see plugins/authenticate.ts: auth's accessTokenUserId). A plugin's own tests may " +
        'use an area to build real inputs (a signed token).',
      from: { path: '^apps/server/src/plugins/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/areas/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'vision-imports-server',
      severity: 'error',
      comment:
        'The image engine (packages/vision) must not import server or web code (apps/*): it is pure functions ' +
        'over pixels, run in worker threads or a separate worker process. Pass what it needs as task arguments.',
      from: { path: '^packages/vision/' },
      to: { path: '^apps/' },
    },
    {
      name: 'auth-imports-billing',
      severity: 'error',
      comment:
        'The auth area must not import billing: credits are billing\'s business. Billing hands auth what it needs ' +
        '(grantSignupBonus) through app.ts.',
      from: { path: '^apps/server/src/areas/auth/' },
      to: { path: '^apps/server/src/areas/billing/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'] },
  },
};
