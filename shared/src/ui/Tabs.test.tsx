import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './Tabs';

const ITEMS = [
  { value: 'one', label: 'One' },
  { value: 'two', label: 'Two' },
  { value: 'three', label: 'Three' },
] as const;
type Value = (typeof ITEMS)[number]['value'];

function Harness({ onSelect }: { onSelect?: (v: Value) => void }) {
  const [selected, setSelected] = useState<Value>('one');
  return (
    <Tabs
      items={ITEMS}
      selected={selected}
      onSelect={(v) => {
        onSelect?.(v);
        setSelected(v);
      }}
      label="Numbers"
      tabClassName="tab"
    >
      Panel {selected}
    </Tabs>
  );
}

describe('Tabs', () => {
  it('renders a labelled tablist with the selected tab in the Tab order and a linked panel', () => {
    render(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Numbers' });
    expect(list).toBeInTheDocument();
    const [one, two, three] = screen.getAllByRole('tab');
    expect(one).toHaveAttribute('aria-selected', 'true');
    expect(one).toHaveAttribute('tabindex', '0');
    expect(two).toHaveAttribute('aria-selected', 'false');
    expect(two).toHaveAttribute('tabindex', '-1');
    expect(three).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'One' });
    expect(panel).toHaveTextContent('Panel one');
    expect(one).toHaveAttribute('aria-controls', panel.id);
    expect(one).toHaveClass('tab');
  });

  it('moves focus and selection with ArrowRight/ArrowLeft (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    render(<Harness onSelect={onSelect} />);
    const tab = (name: string) => screen.getByRole('tab', { name });

    await user.tab();
    expect(tab('One')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Two')).toHaveFocus();
    expect(tab('Two')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel two');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('One')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Three')).toHaveFocus();
    expect(tab('Three')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('One')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Three')).toHaveFocus();
    expect(onSelect.mock.calls.map(([v]) => v)).toEqual(['two', 'three', 'one', 'three', 'one', 'three']);
  });

  it('leaves the tablist with Tab, landing on the panel', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('selects on click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'Three' }));
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel three');
  });
});
