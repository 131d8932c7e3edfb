/**
 * Renders a monitoring component inside the providers it needs (antd App, i18n, Query, a router
 * at `route`, default /Equips).
 */
import type { ReactElement } from 'react';
import { renderPage } from '../auth/test-render';

export function renderWithApp(ui: ReactElement, route = '/Equips') {
  return renderPage(ui, { path: route.split('?')[0] ?? route, route });
}
