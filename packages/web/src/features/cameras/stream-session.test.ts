import { describe, expect, it } from 'vitest';
import { manualTimers, ticket } from './fixtures';
import { StreamSession } from './stream-session';
import type { StreamFetched, StreamState } from './stream-session';

/** A session whose fetches the test answers one by one. */
function session(initial = ticket('/s/1')) {
  const timers = manualTimers();
  const answers: ((fetched: StreamFetched | Error) => void)[] = [];
  const states: StreamState[] = [];
  const s = new StreamSession(
    {
      initial,
      initialError: null,
      schedule: timers.schedule,
      now: () => 0,
      fetchStream: () =>
        new Promise<StreamFetched>((resolve, reject) =>
          answers.push((a) => (a instanceof Error ? reject(a) : resolve(a))),
        ),
    },
    (state) => states.push(state),
  );
  s.open();
  const answer = async (a: StreamFetched | Error) => {
    answers.shift()!(a);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { s, timers, answers, states, answer };
}

describe('a stream session', () => {
  it('takes repeated reports of one failure as one', () => {
    const { s, timers } = session();
    s.failed();
    s.failed();
    expect(timers.delays).toEqual([1000]);
  });

  it('takes a refused read as a failed try, with its reason kept for the end', async () => {
    const { s, timers, answer } = session();
    s.failed();
    timers.next();
    await answer(new Error('the server cannot be reached'));
    timers.next();
    await answer({ stream: null, error: 'device offline' });
    timers.next();
    await answer(new Error('the server cannot be reached'));
    expect(timers.delays).toEqual([1000, 2000, 5000]);
    expect(s.state).toEqual({ phase: 'failed', error: 'the server cannot be reached' });
  });

  it('drops a read that comes back after it closed, and its timer', async () => {
    const { s, timers, answer, states } = session();
    s.failed();
    timers.next();
    s.close();
    await answer({ stream: ticket('/s/2'), error: null });
    expect(s.state.phase).toBe('waiting');
    expect(states.at(-1)).toEqual({ phase: 'waiting', attempt: 1 });
  });

  it('starts with the reason when there is no stream, and Retry reads at once', async () => {
    const timers = manualTimers();
    const s = new StreamSession(
      {
        initial: null,
        initialError: 'device offline',
        schedule: timers.schedule,
        fetchStream: async () => ({ stream: ticket('/s/2'), error: null }),
      },
      () => undefined,
    );
    s.open();
    expect(s.state).toEqual({ phase: 'failed', error: 'device offline' });
    s.retry();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(s.state).toMatchObject({ phase: 'playing', stream: { url: '/s/2' } });
    expect(timers.delays).toEqual([]);
  });
});
