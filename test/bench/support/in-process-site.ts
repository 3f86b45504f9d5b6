import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '@app/api';

export interface InProcessSite {
  app: NestExpressApplication;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The site in this process (for scenarios that watch its runner or its search index from inside),
 * embedded, NODE_ENV=production, abuse limits off, on a fresh DATA_DIR; the load still comes from
 * another process.
 */
export async function startInProcessSite(): Promise<InProcessSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-site-'));
  const saved = { ...process.env };
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    RATE_LIMITS: 'off',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'warn',
  });
  try {
    const app = await createApp({ logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    return {
      app,
      url: `http://127.0.0.1:${port}`,
      dataDir,
      stop: async () => {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    process.env = saved;
  }
}
