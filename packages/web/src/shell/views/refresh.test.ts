import { describe, expect, it, vi } from 'vitest';
import { isRedirectPath, redirectPath, refreshView, targetOfRedirect, useViewGenerations } from './refresh';

describe('refresh through the redirect route', () => {
  it('goes to /redirect/… and back to the same path and query', () => {
    expect(redirectPath('/map?x=1')).toBe('/redirect/map?x=1');
    expect(targetOfRedirect('/redirect/map', '?x=1')).toBe('/map?x=1');
    expect(targetOfRedirect('/redirect', '')).toBe('/');
    expect(isRedirectPath('/redirect/map')).toBe(true);
    expect(isRedirectPath('/redirectory')).toBe(false);
  });

  it('bumps the view generation so the view re-mounts', () => {
    const navigate = vi.fn();
    refreshView('/map', '', navigate);
    refreshView('/map', '?a=1', navigate);
    expect(useViewGenerations.getState().generations['/map']).toBe(2);
    expect(navigate).toHaveBeenLastCalledWith('/redirect/map?a=1', { replace: true });
  });
});
