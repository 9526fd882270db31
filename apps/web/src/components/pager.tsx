import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The page buttons of a paged list, with named controls; nothing when everything fits on one page. */
export function Pager({
  total,
  pageSize,
  page,
  onChange,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      getControlProps={(control) => ({ 'aria-label': t(`admin.pagination.${control}`) })}
      getItemProps={(item) => ({ 'aria-label': t('admin.pagination.page', { page: item }) })}
    />
  );
}
