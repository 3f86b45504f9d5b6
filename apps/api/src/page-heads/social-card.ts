import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import { SITE_NAME } from './page-head';

/** The size Open Graph and X cards are laid out for; told to link previews so they need not fetch the image first. */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 };

export interface SocialCard {
  title: string;
  /** Under the title: who wrote it and what it is ('Ada Lovelace · Article'); none on the site's own card. */
  byline?: string;
}

const BACKGROUND = '#0b1f3a';
const ACCENT = '#3b82f6';

/** Inter from @fontsource (latin and latin-ext, regular and bold), read once: satori takes TTF, OTF or WOFF, not WOFF2. */
let fonts: Font[] | undefined;
function loadFonts(): Font[] {
  const files = join(dirname(createRequire(__filename).resolve('@fontsource/inter/package.json')), 'files');
  const font = (subset: string, weight: 400 | 700): Font => ({
    name: 'Inter',
    data: readFileSync(join(files, `inter-${subset}-${weight}-normal.woff`)),
    weight,
    style: 'normal',
  });
  return (fonts ??= ['latin', 'latin-ext'].flatMap((subset) => [font(subset, 400), font(subset, 700)]));
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node | Node[] | string } };
const box = (style: Record<string, unknown>, children?: Node | Node[] | string): Node => ({ type: 'div', props: { style, children } });

/**
 * A link-preview card drawn by satori (layout and text to SVG) and rasterized by resvg, as dev.to
 * makes one per post: the title in large type, the byline under it, the site's name and a bar of the
 * brand's blue. A title too long for four lines ends with an ellipsis.
 */
export async function renderSocialCard(card: SocialCard): Promise<Buffer> {
  const { width, height } = SOCIAL_CARD_SIZE;
  const titleSize = card.byline ? (card.title.length > 80 ? 56 : 68) : 96;
  const tree = box(
    { width, height, display: 'flex', flexDirection: 'column', backgroundColor: BACKGROUND, color: 'white', fontFamily: 'Inter' },
    [
      box(
        {
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          padding: '72px 80px 56px',
          justifyContent: card.byline ? 'space-between' : 'center',
        },
        [
          ...(card.byline ? [box({ fontSize: 32, fontWeight: 700, color: '#93c5fd' }, SITE_NAME)] : []),
          box(
            {
              fontSize: titleSize,
              fontWeight: 700,
              lineHeight: 1.15,
              display: 'block',
              lineClamp: 4,
              textAlign: card.byline ? 'left' : 'center',
              width: '100%',
            },
            card.title,
          ),
          ...(card.byline ? [box({ fontSize: 34, color: '#dbeafe' }, card.byline)] : []),
        ],
      ),
      box({ height: 24, backgroundColor: ACCENT }),
    ],
  );
  const svg = await satori(tree as Parameters<typeof satori>[0], { width, height, fonts: loadFonts() });
  // Rasterized on libuv's thread pool, so the event loop only lays the card out.
  return (await renderAsync(svg, { fitTo: { mode: 'width', value: width } })).asPng();
}
