import { expect, it } from 'vitest';
import { TokenSigner } from '../areas/auth/tokens.ts';
import { describeEachDatabase } from '../../test/test-app.ts';
import { studioUser } from '../../test/studio.ts';

describeEachDatabase('authenticate', (ctx) => {
  it('lets a valid access token in and answers 401 token_not_valid for a refresh token or garbage', async () => {
    const user = await studioUser(ctx(), { credits: 4 });
    const credits = await user.get('/api/user-credits/');
    expect(credits.statusCode).toBe(200);
    expect(credits.json().credits).toBe(4);

    const refresh = (await new TokenSigner(ctx().config.jwtSecret).sign('refresh', user.id)).token;
    for (const token of [refresh, 'not-a-token']) {
      const response = await ctx().app.inject({
        method: 'GET',
        url: '/api/user-credits/',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toEqual(['token_not_valid']);
    }
    expect((await ctx().app.inject({ method: 'GET', url: '/api/user-credits/' })).statusCode).toBe(401);
  });
});
