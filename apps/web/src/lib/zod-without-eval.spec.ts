import '@/lib/zod-without-eval';
import { z } from 'zod';

describe('zod without eval', () => {
  it('is the configuration zod itself reads, set before zod loads', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('builds object parsers that never compile code', () => {
    const compile = jest.spyOn(globalThis, 'Function');
    const schema = z.object({ title: z.string().min(1), likes: z.number() });
    expect(schema.parse({ title: 'Hello', likes: 2 })).toEqual({ title: 'Hello', likes: 2 });
    expect(schema.safeParse({ title: '', likes: 2 }).success).toBe(false);
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});
