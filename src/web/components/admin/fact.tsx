import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** One term of a back-office record's details (in a `dl`) and its value, which takes any Text props. */
export function Fact({ term, children, ...value }: TextProps & { term: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" fw={600}>
        {term}
      </Text>
      <Text component="dd" m={0} size="sm" {...value}>
        {children}
      </Text>
    </>
  );
}
