import { render } from 'preact';
import { App } from './app.js';
import { startSessionKeeper } from './api-client.js';
import './styles.css';

startSessionKeeper();
render(<App />, document.getElementById('app')!);
