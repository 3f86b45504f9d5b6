import { sideBySide, type DiffPart } from '@/features/posts/lib/revision-diff';

function DiffColumn({ parts, label }: { parts: DiffPart[]; label: string }) {
  return (
    <div className="revision-diff-column" aria-label={label}>
      {parts.map((part, index) =>
        part.kind === 'removed' ? (
          <del key={index}>{part.text}</del>
        ) : part.kind === 'added' ? (
          <ins key={index}>{part.text}</ins>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </div>
  );
}

/** Two texts side by side, removed words struck on the left, added words marked on the right; React escapes every part. */
export function SideBySideDiff({
  title,
  before,
  after,
  beforeLabel,
  afterLabel,
}: {
  title: string;
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
}) {
  const diff = sideBySide(before, after);
  return (
    <section className="revision-diff-field" aria-label={title}>
      <h3>
        {title} {!diff.changed && <span className="muted">(unchanged)</span>}
      </h3>
      <div className="revision-diff-columns">
        <DiffColumn parts={diff.before} label={`${title}, ${beforeLabel}`} />
        <DiffColumn parts={diff.after} label={`${title}, ${afterLabel}`} />
      </div>
    </section>
  );
}
