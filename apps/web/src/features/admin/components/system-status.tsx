import type { ProjectionFigures, ProjectionState, SystemStatus } from '@app/contracts';
import { ScrollRegion } from '@/components/scroll-region';
import { useSystemStatus } from '@/features/admin/api/get-system-status';

const STATE_TEXT: Record<ProjectionState, string> = {
  running: 'Running',
  rebuilding: 'Rebuilding',
  behind: 'Behind',
  failing: 'Failing',
  stopped: 'Stopped',
};

/** The System card: each projection's state, position and lag, and the mail queue, refreshed every few seconds. */
export function SystemStatusCard() {
  const system = useSystemStatus();
  const status = system.data ?? null;
  return (
    <section className="card system-status" aria-labelledby="system-status-heading">
      <h2 id="system-status-heading">System</h2>
      {system.isError && !status && <p className="muted">The system status could not be loaded.</p>}
      {!status && !system.isError && <p className="muted">Loading…</p>}
      {status && <SystemFigures status={status} />}
    </section>
  );
}

function SystemFigures({ status }: { status: SystemStatus }) {
  const { queue } = status;
  return (
    <>
      <p className="system-status-summary">
        <span>
          Events in the log up to position <strong>{status.head ?? 'none'}</strong>
        </span>
        <span>
          Queue: <strong>{queue.depth}</strong> {queue.depth === 1 ? 'job' : 'jobs'} waiting or running,{' '}
          <strong className={queue.failed > 0 ? 'system-status-alert' : undefined}>{queue.failed}</strong> failed
        </span>
      </p>
      <ScrollRegion label="Projections">
        <table className="system-status-table">
          <thead>
            <tr>
              <th scope="col">Projection</th>
              <th scope="col">State</th>
              <th scope="col">Position</th>
              <th scope="col">Lag (events)</th>
              <th scope="col">Lag (seconds)</th>
              <th scope="col">Parked events</th>
            </tr>
          </thead>
          <tbody>
            {status.projections.map((projection) => (
              <ProjectionRow key={projection.name} projection={projection} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

function ProjectionRow({ projection }: { projection: ProjectionFigures }) {
  return (
    <tr>
      <th scope="row">{projection.name}</th>
      <td>
        <span className={`system-state system-state-${projection.state}`} title={projection.lastError ?? undefined}>
          {STATE_TEXT[projection.state]}
        </span>
        {projection.failureCategory && <FailureLine projection={projection} />}
      </td>
      <td>{projection.position ?? '–'}</td>
      <td>{projection.lagEvents}</td>
      <td>{Math.round(projection.lagSeconds)}</td>
      <td>{projection.parkedEvents}</td>
    </tr>
  );
}

/** Why a failing projection is held at its position, and since when: it retries by itself. */
function FailureLine({ projection }: { projection: ProjectionFigures }) {
  const since = projection.failingSince ? new Date(projection.failingSince).toLocaleTimeString() : null;
  return (
    <div className="system-failure">
      {projection.failureCategory}
      {since && ` since ${since}`}
      {projection.lastError && `: ${projection.lastError}`}
    </div>
  );
}
