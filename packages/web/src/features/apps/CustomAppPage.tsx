/**
 * `/{name}/{child}` of a custom route (§2): the child's micro-app in the host. Another path of two
 * segments that no route of the console's table takes also comes here (the router's pattern) and,
 * being no custom route the user sees, is the not-found page.
 */
import { Spin } from 'antd';
import { useParams } from 'react-router';
import NotFoundPage from '../errors/NotFoundPage';
import { findCustomApp } from './custom-routes';
import MicroAppHost from './MicroAppHost';
import { useMyCustomRoutes } from './use-my-apps';

export default function CustomAppPage() {
  const { app = '', child = '' } = useParams();
  const { routes, loading } = useMyCustomRoutes();
  const found = findCustomApp(routes, app, child);
  if (found)
    return (
      <MicroAppHost
        name={found.child.name}
        url={found.child.url}
        defaultUrl={found.child.defaultUrl}
        title={found.child.title}
      />
    );
  if (loading) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  return <NotFoundPage />;
}
