import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { API, type Endpoint } from '@crate/contract/api-endpoints';
import { callableErrorSchema, callableResponseSchema } from '@crate/contract/callable';
import { responseSerializer } from './response-serializer.ts';

/** Kinds of schema whose parse and encode give different answers (a codec is a pipe with a reverse transform). */
const DIRECTIONAL = new Set(['transform', 'default', 'prefault', 'catch']);

/** Where in `schema` a directional kind sits, as paths (`items[].name`). */
function directionalParts(schema: z.ZodType, path = '', seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const found = DIRECTIONAL.has(def.type) || (def.type === 'pipe' && 'reverseTransform' in def) ? [`${path || '(root)'}: ${def.type}`] : [];
  const walk = (child: unknown, at: string) => (child instanceof z.ZodType ? directionalParts(child, at, seen) : []);
  const children: [unknown, string][] = [
    ...Object.entries((def.shape as Record<string, unknown> | undefined) ?? {}).map(([key, child]): [unknown, string] => [child, path ? `${path}.${key}` : key]),
    [def.element, `${path}[]`],
    [def.innerType, path],
    [def.in, path],
    [def.out, path],
    [def.left, path],
    [def.right, path],
    [def.keyType, `${path}{key}`],
    [def.valueType, `${path}{}`],
    [def.catchall, `${path}.*`],
    [def.rest, `${path}[]`],
    ...((def.options as unknown[] | undefined) ?? []).map((child, i): [unknown, string] => [child, `${path}|${i}`]),
    ...((def.items as unknown[] | undefined) ?? []).map((child, i): [unknown, string] => [child, `${path}[${i}]`]),
    [def.type === 'lazy' ? (def.getter as () => unknown)() : undefined, path],
  ];
  return [...found, ...children.flatMap(([child, at]) => walk(child, at))];
}

describe('responseSerializer', () => {
  const serialize = responseSerializer({ schema: z.object({ name: z.string(), plays: z.number().int() }), method: 'GET', url: '/api/example', httpStatus: '200' });

  it('writes only the fields the response schema declares', () => {
    expect(JSON.parse(serialize({ name: 'Kick', plays: 3, passwordHash: 'secret' }))).toEqual({ name: 'Kick', plays: 3 });
  });

  it('refuses an answer that does not match its schema', () => {
    expect(() => serialize({ name: 'Kick', plays: 'three' })).toThrow(ResponseSerializationError);
  });

  it('finds the kinds of schema where checking by parse would differ from encoding', () => {
    const codec = z.codec(z.string(), z.number(), { decode: Number, encode: String });
    const schema = z.object({ items: z.array(z.object({ name: z.string().transform((s) => s.trim()) })), when: codec, size: z.number().default(1) });
    expect(directionalParts(schema)).toEqual(['items[].name: transform', 'when: pipe', 'size: default']);
  });

  it('every endpoint answers with plain data, where parse and encode agree', () => {
    const schemas: [string, z.ZodType][] = [
      ...Object.entries(API as Record<string, Endpoint>).flatMap(([name, endpoint]): [string, z.ZodType][] => (endpoint.response ? [[name, endpoint.response]] : [])),
      ['callable result', callableResponseSchema],
      ['callable error', callableErrorSchema],
    ];
    expect(schemas.length).toBeGreaterThan(50);
    expect(schemas.flatMap(([name, schema]) => directionalParts(schema).map((part) => `${name} ${part}`))).toEqual([]);
  });
});
