import { downloadNameFor } from './download-name';

describe('downloadNameFor', () => {
  it.each([
    ['Solution.js', 'txt', 'Solution.js.txt'],
    ['Solution.js. . ', 'txt', 'Solution.js.txt'],
    ['invoice.pdf.exe', 'pdf', 'invoice.pdf.exe.pdf'],
    ['Slides', 'pdf', 'Slides.pdf'],
    ['.bashrc', 'txt', '.bashrc.txt'],
    ['', 'zip', 'download.zip'],
    ['notes.TXT', 'txt', 'notes.TXT'],
    ['photo.jpeg', 'jpg', 'photo.jpeg'],
    ['photo.JPG', 'jpeg', 'photo.JPG'],
  ])('saves %j stored as %s under %j', (displayName, extension, expected) => {
    expect(downloadNameFor(displayName, extension)).toBe(expected);
  });
});
