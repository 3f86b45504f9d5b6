/** The slug rule is a wire fact (the server builds canonical post URLs with it too): its home is @app/contracts. */
export { slugify } from '@app/contracts';
