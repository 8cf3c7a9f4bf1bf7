Network broken {
  Layer L {
    Type: CONV
    Dimensions { K: 16, C: 16, R: 3, S: 3, Y: 16, X: 16 }
    Dataflow {
      SpatialMap(1,1) K;
      TemporalMap(4,4) Q;
    }
  }
}
