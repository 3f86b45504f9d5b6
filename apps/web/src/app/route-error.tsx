import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Last line of defence when a screen throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;
  return (
    <main className="page route-error">
      <h1>Something went wrong</h1>
      {detail && <p>{detail}</p>}
      <p>
        <Link to={paths.home.getHref()}>Back to Home</Link>
      </p>
    </main>
  );
}
