import { Navigate, useParams } from 'react-router-dom';

/** The route table also writes the edit screens as article/submit{id}: send them to the ?id= form. */
export function SubmitIdRedirect({ to }: { to: '/article/submit' | '/question/ask' }) {
  const { id = '' } = useParams();
  return <Navigate to={`${to}?id=${encodeURIComponent(id)}`} replace />;
}
