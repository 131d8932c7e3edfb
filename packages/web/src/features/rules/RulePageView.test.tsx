// @vitest-environment jsdom
/**
 * The page's words when the device cannot be read or written: an offline device, a refused write
 * and a timeout are said on the page, and the rows edited stay edited (spec 001 § 3.1; issue's
 * "clear message on the page, the edited rows kept").
 */
import { encodePage } from '@fieldlink/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleRecord, sampleType, seedEquipment } from '../../equipment/test-support';
import { i18n } from '../../i18n';
import { registerReads } from '../../live/service';
import { pageKey, useRulePages, withEdit } from '../../rules/page-store';
import { RegisterReadError } from '../../rules/register-reads';
import { errorReply, mockFetch } from '../../session/test-support';
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
});
