import { Skeleton, Stack } from '@mantine/core';

/** The shape of a form while its code loads: labelled as busy for screen readers. */
export function FormSkeleton({ fields, label, tall = false }: { fields: number; label: string; tall?: boolean }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: fields }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of identical placeholders that never reorders
        <Skeleton key={index} height={58} />
      ))}
      {tall ? <Skeleton height={120} /> : null}
      <Skeleton height={42} />
    </Stack>
  );
}
