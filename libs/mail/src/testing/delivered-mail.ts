// Moved to @app/testing (test helpers live outside production packages); kept so this lib's specs still resolve it.
export { deliveredMail, type DeliveredMail } from '@app/testing';
