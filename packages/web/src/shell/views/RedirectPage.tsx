/** The /redirect/… detour of a refresh: straight back to the page, which mounts afresh. */
import { Navigate, useLocation } from 'react-router';
import { targetOfRedirect } from './refresh';

export default function RedirectPage() {
  const { pathname, search } = useLocation();
  return <Navigate to={targetOfRedirect(pathname, search)} replace />;
}
