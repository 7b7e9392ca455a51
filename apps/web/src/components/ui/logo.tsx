export interface LogoProps {
  /** 'dark' for light backgrounds (navbar), 'light' for the dark footer. */
  tone?: 'dark' | 'light';
  height?: number;
}

/** Envíos MX: a parcel leaving at speed, and the wordmark. Drawn here, no external artwork. */
export function Logo({ tone = 'dark', height = 36 }: LogoProps) {
  const word = tone === 'dark' ? '#0b1f4d' : '#ffffff';
  const accent = tone === 'dark' ? '#1c4fd8' : '#9db6ff';
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 188 40" height={height} width={(height * 188) / 40} role="img" aria-label="Envíos MX">
      <rect x="0" y="2" width="36" height="36" rx="9" fill="#1c4fd8" />
      <path d="M4 14h6M2.5 20h7M4 26h6" stroke="#ffb020" strokeWidth="2.4" strokeLinecap="round" />
      <path d="m22 9 9 4.6v11.2L22 29.4l-9-4.6V13.6z" fill="#ffffff" />
      <path d="m13 13.6 9 4.6 9-4.6M22 18.2v11.2" fill="none" stroke="#1c4fd8" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="m17.5 11.3 9 4.6" stroke="#1c4fd8" strokeWidth="1.6" strokeLinecap="round" />
      <text
        x="46"
        y="28"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="22"
        fontWeight="800"
        letterSpacing="-0.4"
        fill={word}
      >
        {'Envíos '}
        <tspan fill={accent}>MX</tspan>
      </text>
    </svg>
  );
}
