/**
 * A self-signed certificate for the local fake servers that play a third party over https
 * (`tienda.test`, `*.tienda.test`, `localhost`, 127.0.0.1 and ::1; valid until 2126). Tests
 * trust it through the outbound client's policy (`ca`); nothing outside tests uses it.
 */
export const TEST_TLS = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgfWVDWd2pJiDaRKe1
RWD1sY0ow8nPjrJa0dx62wErstChRANCAASwFA+YwoDCbndxiv8ZMlhVWzw14Fga
slF4dy4Qt4uNlZ2Wt7sdIgu+mk6jmJvjKhgnzuarrOUCfrCY3wZBa/SJ
-----END PRIVATE KEY-----
`,
  cert: `-----BEGIN CERTIFICATE-----
MIIB2jCCAYGgAwIBAgIUP0rz+oLtdrxY6kcYq3JwLkuBatAwCgYIKoZIzj0EAwIw
HDEaMBgGA1UEAwwRRW52aW9zIE1YIHBydWViYXMwIBcNMjYxMTI5MDQxODQ1WhgP
MjEyNjExMDUwNDE4NDVaMBwxGjAYBgNVBAMMEUVudmlvcyBNWCBwcnVlYmFzMFkw
EwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEsBQPmMKAwm53cYr/GTJYVVs8NeBYGrJR
eHcuELeLjZWdlre7HSILvppOo5ib4yoYJ87mq6zlAn6wmN8GQWv0iaOBnjCBmzAd
BgNVHQ4EFgQUJyEQ0RYl8ifanym80CWmP+8hPp8wHwYDVR0jBBgwFoAUJyEQ0RYl
8ifanym80CWmP+8hPp8wSAYDVR0RBEEwP4ILdGllbmRhLnRlc3SCDSoudGllbmRh
LnRlc3SCCWxvY2FsaG9zdIcEfwAAAYcQAAAAAAAAAAAAAAAAAAAAATAPBgNVHRMB
Af8EBTADAQH/MAoGCCqGSM49BAMCA0cAMEQCIGG6UaJM7HeFYjBHQxnijLLmImv5
wIihKqQbQFgB/EbXAiAdPNNIsJnPKpA0rUXVG6+mKiG3D6xYr3RO2lf0M4s1EA==
-----END CERTIFICATE-----
`,
};

/**
 * An outbound policy for tests: host names answered from `hosts` (anything else does not
 * resolve), these local addresses allowed, and the test certificate trusted.
 */
export function localOutboundPolicy(opts: { hosts?: Record<string, string>; allow?: string[] } = {}) {
  const hosts = opts.hosts ?? {};
  return {
    allow: opts.allow ?? [],
    ca: TEST_TLS.cert,
    resolve: (hostname: string) => {
      const address = hosts[hostname.toLowerCase()];
      if (!address) return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
      return Promise.resolve([{ address, family: address.includes(':') ? (6 as const) : (4 as const) }]);
    },
  };
}
