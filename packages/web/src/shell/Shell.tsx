import { Outlet } from 'react-router';

/** The signed-in frame: header, menus, tabs, cached views and footer (to be built out). */
export default function Shell() {
  return <Outlet />;
}
