import { Skeleton, type MantineSize } from '@mantine/core';

/** A placeholder exactly as tall as one line of Mantine text of `size`, for text that has not loaded yet. */
export function SkeletonLine({ size = 'md', width }: { size?: MantineSize; width?: number | string }) {
  return <Skeleton height={`calc(var(--mantine-font-size-${size}) * var(--mantine-line-height-${size}))`} width={width} />;
}
