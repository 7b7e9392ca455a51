import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/render';
import { demoSite } from '@/testing/mock-geography';
import { FaqPage } from './faq-page';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

describe('the content pages', () => {
  it('terms: 22 numbered clauses, each with its summary, last updated 01/04/2017', () => {
    renderWithApp(<TermsPage companyName="Envíos MX" />);
    const clauses = screen.getAllByTestId('clausula');
    expect(clauses).toHaveLength(22);
    clauses.forEach((c, i) => {
      expect(within(c).getByRole('heading', { level: 2 }).textContent).toMatch(new RegExp(`^${i + 1}\\. `));
      expect(c).toHaveTextContent('En pocas palabras:');
    });
    expect(screen.getByText('Última actualización: 01/04/2017')).toBeInTheDocument();
  });

  it('terms: the date the owner set (TERMS_DATE) replaces the example text’s', () => {
    renderWithApp(<TermsPage companyName="Envíos MX" termsDate="2026-03-15" />);
    expect(screen.getByText('Última actualización: 15/03/2026')).toBeInTheDocument();
  });

  it('privacy: sections I to XIII in order, and the company facts never invented', () => {
    renderWithApp(<PrivacyPage site={demoSite} />);
    const numerals = screen.getAllByTestId('seccion-privacidad').map((s) => within(s).getByRole('heading', { level: 2 }).textContent?.split('.')[0]);
    expect(numerals).toEqual(['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII']);
    expect(screen.getByRole('heading', { name: 'I. Glosario' })).toBeInTheDocument();
    expect(screen.getByText('Razón social pendiente de publicar')).toBeInTheDocument();
    expect(screen.getByText('RFC pendiente de publicar')).toBeInTheDocument();
    // Without a pixel configured, no marketing cookies are claimed.
    expect(screen.queryByText(/píxel de Meta/)).toBeNull();
  });

  it('privacy: names the configured controller and the pixel only when there is one', () => {
    renderWithApp(
      <PrivacyPage
        site={{
          ...demoSite,
          metaPixelId: '123',
          company: {
            ...demoSite.company,
            legalName: 'Envíos Ejemplo, S.A. de C.V.',
            rfc: 'EEJ010101AB1',
            address: 'Av. Juárez 1, CDMX',
            supportEmail: 'privacidad@envios.test',
          },
        }}
      />,
    );
    expect(screen.getByText('Envíos Ejemplo, S.A. de C.V.')).toBeInTheDocument();
    expect(screen.queryByText(/pendiente de publicar/)).toBeNull();
    expect(screen.getAllByRole('link', { name: 'privacidad@envios.test' }).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/píxel de Meta/).length).toBeGreaterThan(0);
  });

  it('FAQ: states the 5000 divisor and the calculator bills the larger weight, live', async () => {
    const user = userEvent.setup();
    renderWithApp(<FaqPage supportHours="de 9:00 a 18:00, de lunes a viernes" />);
    expect(screen.getByText(/largo × ancho × alto \(cm\) \/ 5000/)).toBeInTheDocument();
    const result = screen.getByTestId('resultado-volumetrico');
    expect(result).toHaveTextContent('40 × 30 × 20 / 5000 = 4.8 kg');
    expect(result).toHaveTextContent('Se cobra como 5 kg');
    await user.clear(screen.getByLabelText('Largo (cm)'));
    await user.type(screen.getByLabelText('Largo (cm)'), '50');
    await user.clear(screen.getByLabelText('Peso real (kg)'));
    await user.type(screen.getByLabelText('Peso real (kg)'), '13.2');
    expect(result).toHaveTextContent('50 × 30 × 20 / 5000 = 6 kg');
    expect(result).toHaveTextContent('Se cobra como 14 kg (manda el peso real).');
    await user.clear(screen.getByLabelText('Alto (cm)'));
    expect(result).toHaveTextContent('Escribe medidas y peso mayores que cero');
  });
});
