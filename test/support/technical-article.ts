import { Resvg } from '@resvg/resvg-js';
import { callSite, type SiteAccount } from './site-api';

/** The title of the article `createArticleWithCodeAndImage` makes. */
export const TECHNICAL_ARTICLE_TITLE = 'Event sourcing in TypeScript: deciders and projections';

/** The article's fields as the submit page sends them. */
const ARTICLE = {
  title: TECHNICAL_ARTICLE_TITLE,
  description: 'Deciders, events and the read models folded from them',
  categoryId: 3,
  tags: [{ id: 1, subTag: 'csharp' }],
  source: '',
  instructions: '',
  defaultImageId: -1,
};

const PARAGRAPH =
  '<p>Event sourcing keeps every change as an event; projections fold them into documents the reads serve. ' +
  'A checkpoint says how far each projection got, so a restart resumes where it stopped.</p>';

/** A diagram as the editor's crop writes it (1280 px wide PNG), drawn from SVG with resvg. */
function diagramPng(): Buffer {
  const boxes = ['Command', 'Decider', 'Event store', 'Projection', 'Read model']
    .map(
      (label, n) =>
        `<rect x="${40 + n * 245}" y="260" width="200" height="120" rx="16" fill="#${['4dabf7', '69db7c', 'ffd43b', 'ff8787', 'b197fc'][n]}"/>` +
        `<text x="${140 + n * 245}" y="330" font-size="28" text-anchor="middle" fill="#1e2430">${label}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="640"><rect width="1280" height="640" fill="#f8f9fa"/>${boxes}</svg>`;
  return new Resvg(svg, { font: { loadSystemFonts: true } }).render().asPng();
}

const CODE_BLOCK =
  '<pre><code class="language-typescript">export function evolve(state: Cart, event: CartEvent): Cart {\n' +
  '  switch (event.type) {\n' +
  "    case 'ItemAdded':\n" +
  '      return { ...state, items: [...state.items, event.data.item] };\n' +
  "    case 'CartConfirmed':\n" +
  "      return { ...state, status: 'confirmed' };\n" +
  '  }\n' +
  '}</code></pre>';

/**
 * A published article as a writer makes one in the editor: a draft first (the image needs its id),
 * a diagram uploaded through POST /api/File, then the text with a code block and the figure (its
 * width and height written, as the editor does), published. Returns its id.
 */
export async function createArticleWithCodeAndImage(siteUrl: string, author: SiteAccount): Promise<number> {
  const id = await callSite<number>(siteUrl, 'POST', '/api/Article', {
    token: author.token,
    body: { ...ARTICLE, content: PARAGRAPH, isPublished: false },
  });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(diagramPng())], { type: 'image/png' }), 'pipeline.png');
  form.append('AttachmentTypeId', '4');
  form.append('FileDisplayName', 'The write and read paths');
  form.append('Instructions', 'From a command to a read model');
  form.append('ReferenceId', String(id));
  const response = await fetch(`${siteUrl}/api/File`, { method: 'POST', headers: { Authorization: `Bearer ${author.token}` }, body: form });
  const uploaded = (await response.json()) as { success: boolean; result: { id: number; uploadedFileName: string } };
  if (!uploaded.success) throw new Error(`Uploading the article's image failed: ${response.status}`);
  const figure =
    `<figure><img src="/images/${uploaded.result.uploadedFileName}" alt="The write and read paths" width="1280" height="640">` +
    '<figcaption>The write and read paths</figcaption></figure>';
  await callSite(siteUrl, 'PUT', '/api/Article', {
    token: author.token,
    body: {
      ...ARTICLE,
      id,
      content: PARAGRAPH + CODE_BLOCK + PARAGRAPH + figure + PARAGRAPH.repeat(3),
      isPublished: true,
      defaultImageId: uploaded.result.id,
    },
  });
  return id;
}
