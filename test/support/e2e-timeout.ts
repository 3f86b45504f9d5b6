// Jest reads `testTimeout` only from the root config, not per project: HTTP end-to-end tests start
// whole apps and CLI processes, so they get 30 s (browser specs set their own 90 s).
jest.setTimeout(30_000);
