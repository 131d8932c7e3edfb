// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en/apps';
import { mockFetch } from '../../../session/test-support';
import type { RecordedRequest } from '../../../session/test-support';
import {
  changes,
  click,
  confirm,
  expectMessage,
  fieldErrors,
  fill,
  PATIENT,
  renderSignedIn,
  signOut,
  SLOW,
  valueAdded,
} from '../../apps/test-support';
import ValueAddedPage from './ValueAddedPage';

const ROUTE = '/admin/valueAdded';
const MANAGER = { id: 3, userName: 'editor', authority: 100 } as const;
let restore = (): void => undefined;
afterEach(() => {
  restore();
  signOut();
});

const form = () => within(screen.getByTestId('value-added-form'));

describe('administration: value-added entries', PATIENT, () => {
  it('creates an entry (a tenant administrator: no tenant to choose), checking its address', async () => {
    let created: RecordedRequest | null = null;
    const mock = mockFetch({
      'GET /admin/value-added': { body: { items: [valueAdded(1, { title: 'SMS' })] } },
      'POST /admin/value-added': (request) => {
        created = request;
        return { status: 201, body: valueAdded(2) };
      },
      'DELETE /admin/value-added/1': { status: 204 },
    });
    restore = mock.restore;
    renderSignedIn(<ValueAddedPage />, ROUTE, MANAGER);
    await screen.findByTestId('value-added-title-1', {}, SLOW);
    click(en.valueAdded.create);
    await screen.findByTestId('value-added-form', {}, SLOW);
    expect(form().queryByLabelText(en.fields.tenant)).toBeNull();
    await act(async () => {
      fireEvent.mouseDown(form().getByLabelText(en.fields.kind));
    });
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (o) => o.getAttribute('title') === en.kinds.authorization,
      );
      expect(found).toBeDefined();
      return found!;
    }, SLOW);
    await act(async () => {
      fireEvent.click(option);
    });
    fill(en.fields.title, 'Authorization', form());
    fill(en.fields.target, 'javascript:alert(1)', form());
    click('Save', form());
    await waitFor(() => expect(fieldErrors()).toEqual([en.validation.target]), SLOW);
    fill(en.fields.target, '/increment/serviceManager', form());
    click('Save', form());
    await expectMessage('Authorization is saved.');
    expect(created!.body).toEqual({
      kind: 'authorization',
      title: 'Authorization',
      icon: null,
      url: '/increment/serviceManager',
      sort: 0,
    });

    fireEvent.click(screen.getByTestId('delete-value-added-1'));
    await confirm(en.actions.delete);
    await expectMessage('SMS is deleted.');
    expect(changes(mock.calls).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /admin/value-added',
      'DELETE /admin/value-added/1',
    ]);
  });
});
