import shellCss from './styles/shell.css';

/** The shell's style sheets, for its own host and the hosts it draws into the banner and footer slots. */
export const SHELL_STYLES: readonly string[] = [shellCss];
