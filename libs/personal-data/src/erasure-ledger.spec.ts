import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERASURE_LEDGER_FILE, ErasureLedger } from './erasure-ledger';

describe('ErasureLedger', () => {
  let dataDir: string;
  let ledger: ErasureLedger;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ledger-'));
    ledger = ErasureLedger.inDataDir(dataDir);
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is empty before the first erasure', () => {
    expect(ledger.entries()).toEqual([]);
  });

  it('appends one line per erasure, time and account id, and lists each account once', () => {
    ledger.record('ada', new Date('2026-01-01T00:00:00Z'));
    ledger.record('bob', new Date('2026-01-02T00:00:00Z'));
    ledger.record('ada', new Date('2026-01-03T00:00:00Z'));
    expect(readFileSync(join(dataDir, ERASURE_LEDGER_FILE), 'utf8')).toBe(
      '2026-01-01T00:00:00.000Z ada\n2026-01-02T00:00:00.000Z bob\n2026-01-03T00:00:00.000Z ada\n',
    );
    expect(ledger.entries()).toEqual([
      { erasedAt: '2026-01-01T00:00:00.000Z', accountId: 'ada' },
      { erasedAt: '2026-01-02T00:00:00.000Z', accountId: 'bob' },
    ]);
  });

  it('refuses an id that would not be one token of a line', () => {
    expect(() => ledger.record('ada lovelace')).toThrow(/Not an account id/);
    expect(() => ledger.record('')).toThrow(/Not an account id/);
  });

  it('skips a line torn by a crash while appending', () => {
    ledger.record('ada', new Date('2026-01-01T00:00:00Z'));
    appendFileSync(join(dataDir, ERASURE_LEDGER_FILE), '2026-01-0');
    expect(ledger.entries()).toEqual([{ erasedAt: '2026-01-01T00:00:00.000Z', accountId: 'ada' }]);
  });

  it('merges the erasures of another ledger, keeping its own, in time order', () => {
    ledger.record('bob', new Date('2026-01-02T00:00:00Z'));
    const added = ledger.merge([
      { erasedAt: '2026-01-03T00:00:00.000Z', accountId: 'bob' },
      { erasedAt: '2026-01-01T00:00:00.000Z', accountId: 'ada' },
    ]);
    expect(added).toBe(1);
    expect(ledger.entries()).toEqual([
      { erasedAt: '2026-01-01T00:00:00.000Z', accountId: 'ada' },
      { erasedAt: '2026-01-02T00:00:00.000Z', accountId: 'bob' },
    ]);
  });
});
