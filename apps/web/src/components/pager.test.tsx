import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { show } from '../test/render.tsx';
import { Pager } from './pager.tsx';

function PagedList({ total, onPage = () => {} }: { total: number; onPage?: (page: number) => void }) {
  const [page, setPage] = useState(1);
  return (
    <>
      <p>Showing page {page}</p>
      <Pager
        total={total}
        pageSize={20}
        page={page}
        onChange={(next) => {
          setPage(next);
          onPage(next);
        }}
      />
    </>
  );
}

describe('the pager of a list', () => {
  it('shows nothing when everything fits on one page', async () => {
    await show(<PagedList total={20} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('has a named button per page and for the next and previous ones', async () => {
    const onPage = vi.fn();
    const user = userEvent.setup();
    await show(<PagedList total={45} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('names its buttons in Ukrainian', async () => {
    await show(<PagedList total={41} />, { locale: 'uk' });
    expect(screen.getByRole('button', { name: 'Сторінка 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Наступна сторінка' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Попередня сторінка' })).toBeDisabled();
  });
});
