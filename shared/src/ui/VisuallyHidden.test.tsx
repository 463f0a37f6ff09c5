import { render, screen } from '@testing-library/react';
import { VisuallyHidden } from './VisuallyHidden';

describe('VisuallyHidden', () => {
  it('keeps the text in the accessible name with the visually-hidden class', () => {
    render(
      <button type="button">
        <VisuallyHidden className="extra">Unread</VisuallyHidden> Offer
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Unread Offer' })).toBeInTheDocument();
    const hidden = screen.getByText('Unread');
    expect(hidden).toHaveClass('cw-visually-hidden');
    expect(hidden).toHaveClass('extra');
  });
});
