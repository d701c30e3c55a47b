import { mountPage } from '../shared/dom.js';

mountPage('sudoku', 'Sudoku', 'Coming soon.');
