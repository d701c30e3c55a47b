import { mountPage } from '../shared/dom.js';

mountPage('wordle', 'Wordle', 'Coming soon.');
