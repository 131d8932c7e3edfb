// @vitest-environment jsdom
/**
 * The rules tab in the console: an offline device, a refused write and a timeout are said on the
 * page with the rows edited kept, rows changed and not written make leaving ask first, and a
 * configuration file is imported through its dialog (preview, write, 'Load succeeded').
 */
import { encodePage, pageWrite } from '@fieldlink/protocol';
import type { PageRule } from '@fieldlink/protocol';
import { exportConfig } from '../../rules/config-file';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleRecord, sampleType, seedEquipment } from '../../equipment/test-support';
import { i18n } from '../../i18n';
import { registerReads } from '../../live/service';
import { pageKey, useRulePages, withEdit } from '../../rules/page-store';
import { RegisterReadError } from '../../rules/register-reads';
import { errorReply, mockFetch } from '../../session/test-support';
import { hasUnsavedChanges } from '../configure/unsaved';
import { renderWithApp } from '../monitoring/test-render';
import RulesTab from './RulesTab';

const RECORD = sampleRecord({ id: 31, unid: 'PAGE0031', sn: 'PAGE0031' });
function draw() {
  void i18n.changeLanguage('en');
  seedEquipment({
    types: { [RECORD.type]: { ...sampleType(RECORD.type, RECORD.counts), rulePages: ['rtc', 'di'] } },
    records: [RECORD],
  });
  return renderWithApp(<RulesTab record={RECORD} />);
}

const button = (testId: string): HTMLElement => screen.getAllByTestId(testId)[0]!;

describe('a rule page that cannot be read or written', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useRulePages.getState().reset();
  });

  it('says the device is offline and that a timeout happened, keeping the rows edited', async () => {
    const read = vi.spyOn(registerReads, 'read').mockResolvedValue(encodePage('rtc', []));
    draw();
    fireEvent.click(button('rule-read'));
    await waitFor(() => expect(screen.getAllByText('disabled').length).toBe(10));
    const key = pageKey(RECORD.id, 'rtc', 0);
    useRulePages.getState().update(key, (e) => withEdit(e, 'rtc', 0, { dev: 0, mode: 0, more: true }));
    await screen.findByTestId('rule-edited');
    // Leaving the device, a tab or the page now asks first (configure/unsaved.ts).
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));

    read.mockRejectedValueOnce(new RegisterReadError('offline', 'offline'));
    fireEvent.click(button('rule-read'));
    expect((await screen.findByTestId('rule-error')).textContent).toBe(
      'The device is offline: could not read the page; your changes are kept',
    );
    expect(screen.getByTestId('rule-edited')).toBeTruthy();

    read.mockRejectedValueOnce(new RegisterReadError('timeout', 'late'));
    fireEvent.click(button('rule-read'));
    await waitFor(() =>
      expect(screen.getByTestId('rule-error').textContent).toBe(
        'The device did not answer in time: could not read the page; your changes are kept',
      ),
    );
    expect(useRulePages.getState().pages[key]?.edited).toEqual([0]);
    fireEvent.click(button('rule-discard'));
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
    expect(useRulePages.getState().pages[key]?.edited).toEqual([]);
  });

  it('says a refused write on the page and keeps the rows edited', async () => {
    vi.spyOn(registerReads, 'read').mockResolvedValue(encodePage('rtc', []));
    const fetched = mockFetch({
      [`POST /equipment/${RECORD.id}/operations`]: errorReply(
        409,
        'conflict',
        'the device refused (exception 2)',
      ),
    });
    draw();
    fireEvent.click(button('rule-read'));
    await waitFor(() => expect(screen.getAllByText('disabled').length).toBe(10));
    const key = pageKey(RECORD.id, 'rtc', 0);
    useRulePages.getState().update(key, (e) => withEdit(e, 'rtc', 0, { dev: 0, mode: 0, more: true }));
    fireEvent.click(await screen.findByTestId('rule-write'));
    expect((await screen.findByTestId('rule-error')).textContent).toBe('Could not write the page: —');
    expect(fetched.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(useRulePages.getState().pages[key]?.edited).toEqual([0]);
    expect(useRulePages.getState().writtenAt[RECORD.id]).toBeUndefined();
    fetched.restore();
  });

  it('imports a file through the dialog: previews its pages, writes them and says the load succeeded', async () => {
    const trigger: PageRule<'di'> = {
      dev: 0,
      source: 1,
      more: false,
      forced: false,
      repeat: false,
      channel: 0,
      level: 'active',
      holdTime: 2,
      unholdTime: 1,
      output: { mode: 2, channel: 2, value: 0, addr: 0 },
    };
    const bytes = encodePage('di', [trigger]);
    const file = exportConfig(
      { sn: 'OTHER001', type: RECORD.type, name: 'Other', series2000: false },
      [{ type: 'di', index: 0, bytes }],
      'en',
      new Date('2026-11-27T08:00:00Z'),
    );
    vi.spyOn(registerReads, 'read').mockResolvedValue(bytes);
    const fetched = mockFetch({
      [`POST /equipment/${RECORD.id}/operations`]: { body: { status: 'done', response: null, result: null } },
    });
    draw();
    fireEvent.click(button('rule-import'));
    const input = (await screen.findByTestId('rule-import-file')).closest('span')!.querySelector('input')!;
    const chosen = new File([JSON.stringify(file)], 'rules.json', { type: 'application/json' });
    // jsdom's File has no text(); the browser's does.
    Object.assign(chosen, { text: () => Promise.resolve(JSON.stringify(file)) });
    fireEvent.change(input, { target: { files: [chosen] } });
    expect((await screen.findByTestId('rule-preview')).textContent).toContain('DI1');
    fireEvent.click(screen.getByTestId('rule-import-write'));
    expect((await screen.findByTestId('rule-load-outcome')).textContent).toBe(
      'Load succeeded (pages written: 1)',
    );
    const posted = fetched.calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posted).toEqual([{ opr: 'waohex', aoinfos: pageWrite('di', 0, [trigger]).startHexdata }]);
    fetched.restore();
  });
});
