/** hls.js ships no types for its light build; it is the same class without the parts cameras never use. */
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
