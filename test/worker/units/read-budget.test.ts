import { describe, expect, it } from 'vitest';
import { ReadBudget, ReadBudgetExceeded, budgetFor } from '../../../worker/read-budget.ts';

describe('ReadBudget', () => {
  it('lets at most maxInFlight reads run at once, the others wait their turn', async () => {
    const budget = new ReadBudget(100, 2);
    const first = await budget.acquire();
    const second = await budget.acquire();
    let thirdStarted = false;
    const third = budget.acquire().then((release) => ((thirdStarted = true), release));
    await Promise.resolve();
    expect(thirdStarted).toBe(false);
    first();
    first(); // releasing twice frees one slot only
    (await third)();
    expect(thirdStarted).toBe(true);
    second();
    expect(budget.peakInFlight).toBe(2);
    expect(budget.inFlight).toBe(0);
  });

  it('counts a call and holds its slot only until it settles, failed or not', async () => {
    const budget = new ReadBudget(10, 1);
    expect(await budget.call(async () => 'done')).toBe('done');
    await expect(budget.call(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(budget.reads).toBe(2);
    expect(budget.inFlight).toBe(0);
  });

  it('refuses a read beyond the total', async () => {
    const budget = new ReadBudget(1);
    (await budget.acquire())();
    await expect(budget.acquire()).rejects.toBeInstanceOf(ReadBudgetExceeded);
  });

  it("gives a page of 40 or fewer the free plan's 50 reads, anything else 1,000", () => {
    expect(budgetFor(40).maxReads).toBe(50);
    expect(budgetFor(41).maxReads).toBe(1000);
    expect(budgetFor(undefined).maxReads).toBe(1000);
  });
});
