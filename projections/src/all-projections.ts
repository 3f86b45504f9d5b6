import { homeProjection } from './home/home.projection';
import type { Projection } from './projection';

/** Every projection the site runs; the CLI's `projections` commands see the same list. */
export const allProjections: readonly Projection[] = [homeProjection];
