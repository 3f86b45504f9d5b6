// A real OpenID Connect provider (the `oidc-provider` package, ESM only, so its own process) on
// loopback, with its development login and consent pages. Any login name signs in: the account's
// sub is that name, its e-mail `<name>@idp.org`, verified unless the name starts with `unverified`.
// Env: REDIRECT_URIS (comma-separated; a loopback one without a port allows any port, RFC 8252, for a
// site whose port is chosen after the provider started). Prints `ready <issuer>` on stdout once listening.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'devcommunity',
      client_secret: 'devcommunity-secret',
      redirect_uris: process.env.REDIRECT_URIS.split(','),
      grant_types: ['authorization_code'],
      response_types: ['code'],
      // 'native' is what lets a loopback redirect URI take any port (RFC 8252 §7.3).
      application_type: 'native',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
  cookies: { keys: ['test-only-cookie-key'] },
  pkce: { required: () => true },
  async findAccount(_ctx, sub) {
    return {
      accountId: sub,
      async claims() {
        return {
          sub,
          email: `${sub}@idp.org`,
          email_verified: !sub.startsWith('unverified'),
          name: `Name of ${sub}`,
          preferred_username: sub,
        };
      },
    };
  },
});
server.on('request', provider.callback());
process.stdout.write(`ready ${issuer}\n`);
