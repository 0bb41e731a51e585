/** A scan handed to a screen by its page (agent or keyboard-wedge scanner); `seq` tells two equal codes apart. */
export interface ScanEvent {
  code: string;
  seq: number;
}
