import { z } from '../../shared/zod';

type Primitive = 'string' | 'number' | 'integer' | 'boolean';

/** The part of JSON schema that fast-json-stringify needs to write an answer, and nothing else. */
export type SerializerSchema =
  | { type: 'object'; properties: Record<string, SerializerSchema>; required: string[] }
  | { type: 'array'; items: SerializerSchema }
  | { type: Primitive | [Primitive, 'null'] | 'null' };

type JsonSchemaNode = Record<string, unknown>;

/**
 * A Fastify response schema generated from a shared zod schema, so that Fastify writes the answer
 * with fast-json-stringify (decision 0088) and the serializer can never lag behind the schema:
 * a field added to the zod schema is a field of the answer (decision 0102).
 *
 * fast-json-stringify writes only the properties its schema lists, and it handles `anyOf` by
 * validating the value at run time (slow, and the reason a hand-made copy was used first). So the
 * output is reduced to what it needs: objects, arrays, primitives, and a nullable primitive as a
 * type pair (`['integer', 'null']`) rather than zod's `anyOf`. Bounds, patterns and descriptions
 * are dropped (they do not change the text written). Optional properties are written after the
 * required ones, so keep them last for the text to match JSON.stringify's (the progression has none).
 * A shape it cannot write this way (a union,
 * a record, a nullable object) throws here, at start-up, instead of being written wrongly.
 */
export function serializerSchema(schema: z.ZodType): SerializerSchema {
  return reduce(z.toJSONSchema(schema, { io: 'output' }) as JsonSchemaNode, 'the answer');
}

const PRIMITIVES = new Set<string>(['string', 'number', 'integer', 'boolean']);

function reduce(node: JsonSchemaNode, at: string): SerializerSchema {
  const anyOf = node.anyOf as JsonSchemaNode[] | undefined;
  if (anyOf) {
    const others = anyOf.filter((option) => option.type !== 'null');
    if (anyOf.length === 2 && others.length === 1) {
      const inner = reduce(others[0]!, at);
      if (typeof inner.type === 'string' && PRIMITIVES.has(inner.type))
        return { type: [inner.type as Primitive, 'null'] };
    }
    throw unsupported(node, at);
  }
  switch (node.type) {
    case 'object': {
      if (node.patternProperties || (node.additionalProperties !== undefined && node.additionalProperties !== false)) {
        throw unsupported(node, at);
      }
      const properties: Record<string, SerializerSchema> = {};
      for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, JsonSchemaNode>)) {
        properties[name] = reduce(child, `${at}.${name}`);
      }
      return { type: 'object', properties, required: [...((node.required as string[] | undefined) ?? [])] };
    }
    case 'array':
      if (!node.items || Array.isArray(node.items) || node.prefixItems) throw unsupported(node, at);
      return { type: 'array', items: reduce(node.items as JsonSchemaNode, `${at}[]`) };
    case 'null':
      return { type: 'null' };
    default: {
      const type = node.type;
      if (typeof type === 'string' && PRIMITIVES.has(type)) return { type: type as Primitive };
      // zod writes some nullable primitives as a type pair already.
      if (Array.isArray(type) && type.length === 2 && type[1] === 'null' && PRIMITIVES.has(type[0])) {
        return { type: [type[0] as Primitive, 'null'] };
      }
      throw unsupported(node, at);
    }
  }
}

function unsupported(node: JsonSchemaNode, at: string): Error {
  return new Error(
    `serializerSchema: ${at} has a shape fast-json-stringify cannot write without checking it at run time: ${JSON.stringify(node)}`,
  );
}
