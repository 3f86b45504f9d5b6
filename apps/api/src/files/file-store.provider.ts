import type { Provider } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { LocalFileStore, type FileStore } from '@app/files';
import { APP_CONFIG } from '../infrastructure/tokens';

/** Injects the `FileStore` holding uploaded bytes: `<dataDir>/files/<folder>/<name>`. */
export const FILE_STORE = Symbol('FileStore');

export const fileStoreProvider: Provider<FileStore> = {
  provide: FILE_STORE,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => new LocalFileStore({ dataDir: config.dataDir }),
};
