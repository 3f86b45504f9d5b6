import type { PostRevision } from '@app/contracts';
import { diffWordsWithSpace } from 'diff';

/** A run of text in one column of a side-by-side diff. */
export interface DiffPart {
  text: string;
  kind: 'same' | 'removed' | 'added';
}

/** The older text with what was removed marked, the newer with what was added marked. */
export interface SideBySide {
  before: DiffPart[];
  after: DiffPart[];
  changed: boolean;
}

/** A word-level diff of two texts, split into the two columns of a side-by-side view. */
export function sideBySide(before: string, after: string): SideBySide {
  const result: SideBySide = { before: [], after: [], changed: false };
  for (const change of diffWordsWithSpace(before, after)) {
    if (change.added) {
      result.after.push({ text: change.value, kind: 'added' });
      result.changed = true;
    } else if (change.removed) {
      result.before.push({ text: change.value, kind: 'removed' });
      result.changed = true;
    } else {
      result.before.push({ text: change.value, kind: 'same' });
      result.after.push({ text: change.value, kind: 'same' });
    }
  }
  return result;
}

/** One field that differs between two revisions, as text. */
export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const imageText = (id: number) => (id === -1 ? 'None' : `File ${id}`);

/** The fields besides title and content that differ between two revisions (category, tags, state...). */
export function otherFieldChanges(before: PostRevision, after: PostRevision): FieldChange[] {
  const fields: FieldChange[] = [
    { label: 'Category', before: before.category, after: after.category },
    { label: 'Tags', before: before.tags.map((tag) => tag.subTag).join(', '), after: after.tags.map((tag) => tag.subTag).join(', ') },
    { label: 'Description', before: before.description ?? '', after: after.description ?? '' },
    { label: 'Source', before: before.source ?? '', after: after.source ?? '' },
    { label: 'Instructions', before: before.instructions ?? '', after: after.instructions ?? '' },
    { label: 'Published', before: yesNo(before.isPublished), after: yesNo(after.isPublished) },
    { label: 'Approved', before: yesNo(before.isApproved), after: yesNo(after.isApproved) },
    { label: 'Default image', before: imageText(before.defaultImageId), after: imageText(after.defaultImageId) },
  ];
  return fields.filter((field) => field.before !== field.after);
}

const BLOCK_ELEMENTS = new Set([
  'P',
  'DIV',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'LI',
  'PRE',
  'BLOCKQUOTE',
  'TR',
  'TABLE',
  'UL',
  'OL',
  'HR',
]);

/**
 * The readable text of a post's html, one line per block, images as `[image]`. Parsed with
 * DOMParser, which builds an inert document (no script runs, nothing loads); only text comes out.
 */
export function contentText(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const lines: string[] = [];
  let line = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      line += node.textContent ?? '';
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'BR') {
      lines.push(line);
      line = '';
      return;
    }
    if (node.tagName === 'IMG') line += '[image]';
    const block = BLOCK_ELEMENTS.has(node.tagName);
    if (block && line) {
      lines.push(line);
      line = '';
    }
    if (node.tagName === 'TD' || node.tagName === 'TH') line += line ? ' | ' : '';
    node.childNodes.forEach(walk);
    if (block && line) {
      lines.push(line);
      line = '';
    }
  };
  document.body.childNodes.forEach(walk);
  if (line) lines.push(line);
  return lines.join('\n');
}
