/**
 * `/{name}` of a custom route (§2): goes to its first child, or to /appaudit/CreatApp when it has
 * none; an unknown name is the not-found page. The routes are the ones the server gave the user.
 */
import { Spin } from 'antd';
import { Navigate, useParams } from 'react-router';
import NotFoundPage from '../errors/NotFoundPage';
import { customRouteRedirect } from './custom-routes';
import { useMyCustomRoutes } from './use-my-apps';

export default function CustomRouteRedirect() {
  const { app = '' } = useParams();
  const { routes, loading } = useMyCustomRoutes();
  const route = routes.find((r) => r.name.toLowerCase() === app.toLowerCase());
  if (route) return <Navigate to={customRouteRedirect(route)} replace />;
  if (loading) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  return <NotFoundPage />;
}
