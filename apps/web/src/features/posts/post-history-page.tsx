import { useState } from 'react';
import type { PostRevision } from '@app/contracts';
import { Link, useParams } from 'react-router-dom';
import { NoticePage } from '@/components/notice-page';
import { PageHeading } from '@/components/page-heading';
import { RequireLogin } from '@/components/require-login';
import { paths } from '@/config/paths';
import { POST_KINDS, type PostKind, type PostKindConfig } from '@/config/post-kinds';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-context';
import { CHANGE_LABELS } from '@/lib/change-labels';
import { usePostHistory } from '@/features/posts/api/get-post-history';
import { ScrollRegion } from '@/components/scroll-region';
import { PostNotFound } from '@/features/posts/components/post-not-found';
import { SideBySideDiff } from '@/features/posts/components/side-by-side-diff';
import { contentText, otherFieldChanges } from '@/features/posts/lib/revision-diff';
import './post-history.css';

const idOf = (param: string | undefined) => (param && /^\d{1,15}$/.test(param) ? Number(param) : null);

/** Post history: every revision of an article or question, and a side-by-side diff of any two (owner and admins). */
export function PostHistoryPage({ kind }: { kind: PostKind }) {
  return (
    <RequireLogin>
      <PostHistory config={POST_KINDS[kind]} />
    </RequireLogin>
  );
}

function PostHistory({ config }: { config: PostKindConfig }) {
  const id = idOf(useParams().id);
  const { user } = useAuth();
  const history = usePostHistory(config, id, user?.userName ?? null);

  if (id === null || (history.error instanceof ApiError && history.error.status === 404)) return <PostNotFound config={config} />;
  if (history.isError) {
    const forbidden = history.error instanceof ApiError && history.error.status === 403;
    return (
      <NoticePage title={`${config.label} history`}>
        {forbidden
          ? `Only the author and admins can see the history of this ${config.label.toLowerCase()}.`
          : `The history could not be loaded. Please try again later.`}
      </NoticePage>
    );
  }
  if (!history.data) return <p className="muted">Loading…</p>;
  return <Revisions key={`${config.kind}-${id}`} config={config} id={id} revisions={history.data} />;
}

function Revisions({ config, id, revisions }: { config: PostKindConfig; id: number; revisions: PostRevision[] }) {
  const latest = revisions[revisions.length - 1];
  const [from, setFrom] = useState(Math.max(1, latest.revision - 1));
  const [to, setTo] = useState(latest.revision);
  const [htmlSource, setHtmlSource] = useState(false);
  const before = revisions.find((revision) => revision.revision === from) ?? revisions[0];
  const after = revisions.find((revision) => revision.revision === to) ?? latest;
  const fieldChanges = otherFieldChanges(before, after);
  const beforeLabel = `revision ${before.revision}`;
  const afterLabel = `revision ${after.revision}`;
  const content = (revision: PostRevision) => (htmlSource ? revision.content : contentText(revision.content));

  return (
    <div className="card post-history">
      <PageHeading title={`History: ${latest.title}`} />
      <p>
        <Link to={config.paths.view.getHref(id, latest.title)}>Back to the {config.label.toLowerCase()}</Link>
      </p>
      <ScrollRegion label="Revisions">
        <table className="post-history-revisions">
          <caption>Choose two revisions to compare.</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Revision</th>
              <th scope="col">Change</th>
              <th scope="col">By</th>
              <th scope="col">When</th>
              <th scope="col">Title</th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((revision) => (
              <tr key={revision.revision} className={revision.revision === from || revision.revision === to ? 'is-chosen' : undefined}>
                <RevisionChoice end="from" revision={revision.revision} chosen={from} choose={setFrom} />
                <RevisionChoice end="to" revision={revision.revision} chosen={to} choose={setTo} />
                <td>{revision.revision}</td>
                <td>{CHANGE_LABELS[revision.change]}</td>
                <td>
                  {revision.uName ? (
                    <Link to={paths.profile.getHref(revision.uName)}>{revision.name || revision.uName}</Link>
                  ) : (
                    revision.name
                  )}
                </td>
                <td>
                  <time dateTime={revision.at}>{new Date(revision.at).toLocaleString()}</time>
                </td>
                <td>{revision.title}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      <section className="revision-diff" aria-label="Comparison">
        <h2>
          Revision {before.revision} → revision {after.revision}
        </h2>
        <label className="revision-diff-source">
          <input type="checkbox" checked={htmlSource} onChange={(event) => setHtmlSource(event.target.checked)} /> Compare the html source
        </label>
        <div className="revision-diff-columns revision-diff-headings" aria-hidden="true">
          <span>
            Revision {before.revision}: {CHANGE_LABELS[before.change]} by {before.name || before.uName}
          </span>
          <span>
            Revision {after.revision}: {CHANGE_LABELS[after.change]} by {after.name || after.uName}
          </span>
        </div>
        <SideBySideDiff title="Title" before={before.title} after={after.title} beforeLabel={beforeLabel} afterLabel={afterLabel} />
        <SideBySideDiff title="Content" before={content(before)} after={content(after)} beforeLabel={beforeLabel} afterLabel={afterLabel} />
        {fieldChanges.length > 0 && (
          <table className="revision-diff-other" aria-label="Other changes">
            <thead>
              <tr>
                <th scope="col">Other changes</th>
                <th scope="col">Revision {before.revision}</th>
                <th scope="col">Revision {after.revision}</th>
              </tr>
            </thead>
            <tbody>
              {fieldChanges.map((field) => (
                <tr key={field.label}>
                  <th scope="row">{field.label}</th>
                  <td>{field.before || '—'}</td>
                  <td>{field.after || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** A revision's radio in the From or To column of the table. */
function RevisionChoice({
  end,
  revision,
  chosen,
  choose,
}: {
  end: 'from' | 'to';
  revision: number;
  chosen: number;
  choose: (revision: number) => void;
}) {
  return (
    <td>
      <input
        type="radio"
        name={end}
        aria-label={`Compare ${end} revision ${revision}`}
        checked={revision === chosen}
        onChange={() => choose(revision)}
      />
    </td>
  );
}
