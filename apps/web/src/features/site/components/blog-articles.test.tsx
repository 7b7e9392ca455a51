import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/render';
import { BlogArticles } from './blog-articles';

describe('BlogArticles', () => {
  it('offers three articles for senders, each reachable from the list at the top', () => {
    renderWithApp(<BlogArticles />);
    expect(screen.getByRole('heading', { level: 1, name: 'Consejos para enviar mejor' })).toBeInTheDocument();
    const articles = screen.getAllByRole('article');
    expect(articles.map((a) => a.id)).toEqual(['como-medir-y-pesar', 'como-empacar', 'que-no-se-puede-enviar']);
    for (const a of articles) expect(screen.getAllByRole('link').some((l) => l.getAttribute('href') === `#${a.id}`)).toBe(true);
    expect(screen.getByText('Peso volumétrico (kg) = Largo × Ancho × Alto ÷ 5000')).toBeInTheDocument();
  });

  it('computes the billable weight with the same rule as the quote', async () => {
    renderWithApp(<BlogArticles />);
    const user = userEvent.setup();
    const result = screen.getByTestId('resultado-volumetrico');
    expect(result).toHaveTextContent('40 × 30 × 20 / 5000 = 4.8 kg');
    expect(result).toHaveTextContent('Se cobra como 5 kg (manda el volumétrico).');
    const alto = screen.getByRole('spinbutton', { name: 'Alto (cm)' });
    await user.clear(alto);
    await user.type(alto, '5');
    expect(result).toHaveTextContent('40 × 30 × 5 / 5000 = 1.2 kg');
    expect(result).toHaveTextContent('Se cobra como 2 kg (manda el peso real).');
  });
});
