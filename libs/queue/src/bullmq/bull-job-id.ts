/**
 * BullMQ refuses custom job ids that contain ':' or read as integers. Such ids (and ids starting
 * with the escape mark, so the mapping stays one-to-one) are stored base64url-encoded behind '~';
 * every other id, e.g. an event's UUID, is stored as is.
 */
const ESCAPE = '~';

export function toBullJobId(id: string): string {
  if (id.length === 0) throw new Error('A job id cannot be empty');
  const refused = id.includes(':') || `${parseInt(id, 10)}` === id || id.startsWith(ESCAPE);
  return refused ? ESCAPE + Buffer.from(id, 'utf8').toString('base64url') : id;
}

export function fromBullJobId(bullJobId: string): string {
  return bullJobId.startsWith(ESCAPE) ? Buffer.from(bullJobId.slice(ESCAPE.length), 'base64url').toString('utf8') : bullJobId;
}
