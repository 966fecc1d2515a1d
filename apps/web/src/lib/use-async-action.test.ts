import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAsyncAction } from './use-async-action.ts';

describe('useAsyncAction', () => {
  it('reports pending, then success', async () => {
    let finish: () => void = () => undefined;
    const { result } = renderHook(() => useAsyncAction(() => new Promise<void>((resolve) => (finish = resolve))));
    let outcome: Promise<string> | undefined;
    act(() => {
      outcome = result.current.run();
    });
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      finish();
      await outcome;
    });
    expect(await outcome).toBe('succeeded');
    expect(result.current).toMatchObject({ isPending: false, error: null });
  });

  it('keeps the error of a failed call', async () => {
    const failure = new Error('nope');
    const { result } = renderHook(() => useAsyncAction(() => Promise.reject(failure)));
    let outcome = '';
    await act(async () => {
      outcome = await result.current.run();
    });
    expect(outcome).toBe('failed');
    expect(result.current.error).toBe(failure);
  });

  it('ignores a second call while the first still runs (a double submit)', async () => {
    let calls = 0;
    let finish: () => void = () => undefined;
    const { result } = renderHook(() =>
      useAsyncAction(() => {
        calls += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      }),
    );
    let first: Promise<string> | undefined;
    let second = '';
    await act(async () => {
      first = result.current.run();
      second = await result.current.run();
    });
    expect(second).toBe('ignored');
    expect(calls).toBe(1);
    await act(async () => {
      finish();
      await first;
    });
  });
});
