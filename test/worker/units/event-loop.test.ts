import { describe, expect, it } from 'vitest';
import { TURN_BYTES, moved } from '../../../worker/event-loop.ts';

describe('moved', () => {
  it('asks for a turn of the event loop once TURN_BYTES have moved, and not before', async () => {
    await moved(TURN_BYTES); // the count starts again here, whatever moved before
    expect(moved(TURN_BYTES - 1)).toBeUndefined();
    // a timer already due runs within the turn: a turn is more than a microtask
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const turn = moved(1);
    expect(turn).toBeInstanceOf(Promise);
    await turn;
    expect(timerRan).toBe(true);
    expect(moved(1)).toBeUndefined(); // counted from zero again
  });
});
