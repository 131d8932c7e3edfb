/**
 * `/appaudit/app/{id}`: an app the user sees (their own in any state, others' approved ones; §1)
 * in the micro-app host. An app the user does not see is the not-found page.
 */
import { Spin } from 'antd';
import { useParams } from 'react-router';
import NotFoundPage from '../errors/NotFoundPage';
import MicroAppHost from './MicroAppHost';
import { useMyApps } from './use-my-apps';

export default function UserAppPage() {
  const { id = '' } = useParams();
  const { apps, loading } = useMyApps();
  const app = apps.find((a) => String(a.id) === id);
  if (app)
    return <MicroAppHost name={app.name} url={app.url} defaultUrl={app.defaultUrl} title={app.title} />;
  if (loading) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  return <NotFoundPage />;
}
