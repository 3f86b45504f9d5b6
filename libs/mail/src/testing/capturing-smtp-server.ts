// Moved to @app/testing (test helpers live outside production packages); kept so this lib's specs still resolve it.
export { CapturingSmtpServer } from '@app/testing';
