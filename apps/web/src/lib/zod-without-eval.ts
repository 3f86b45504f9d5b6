import { z } from 'zod';

// The site's Content-Security-Policy allows no eval: zod's compiled object parsers would try
// `new Function` once (a CSP violation each page load); its interpreted parsers need none.
z.config({ jitless: true });
