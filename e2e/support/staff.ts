/**
 * The staff account of the end-to-end runs. Staff cannot sign up (nobody can make themselves staff), so the
 * e2e server creates it with the manage CLI before the server starts, as an operator creates the first admin.
 */
export const E2E_STAFF = {
  email: 'e2e-admin@example.com',
  username: 'e2e-admin',
  password: 'Quiet-Linen-Lamp-64',
} as const;
